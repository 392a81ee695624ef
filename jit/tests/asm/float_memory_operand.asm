function main (asm, 404 bytes)
    00000  jmp 00000000000000E8h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 6: itof
    00013  xorps xmm2,xmm2
    00017  cvtsi2sd xmm2,rdi
; line 7: load
    0001c  cmp rsi,8
    00023  jae 0000000000000090h
; line 8: fsub
    00029  subsd xmm2,[r14+rsi*8]
; line 9: load
    0002f  lea rax,[rsi+1]
    00037  cmp rax,8
    0003e  jae 00000000000000B8h
    00044  mov rsi,[r14+rax*8]
; line 10: and
    00048  test rdi,rsi
    0004b  jne 0000000000000085h
; line 12: fprint
    00051  movq rax,xmm2
    00056  mov rsi,rax
    00059  mov rcx,6
    00063  mov rdx,3
    0006d  mov rdi,r12
    00070  mov rax,ADDR
    0007a  call rax  ; jit_fprint
    0007c  test rdx,rdx
    0007f  jne 00000000000000E0h
; line 14: ret
    00085  mov eax,0
    0008b  mov rsp,rbp
    0008e  pop rbp
    0008f  ret
; trap: memory access out of bounds at line 7
    00090  mov rdi,r12
    00093  mov rsi,1
    0009d  mov rdx,1
    000a7  mov rax,ADDR
    000b1  call rax  ; jit_trap
    000b3  jmp 00000000000000E0h
; trap: memory access out of bounds at line 9
    000b8  mov rdi,r12
    000bb  mov rsi,1
    000c5  mov rdx,3
    000cf  mov rax,ADDR
    000d9  call rax  ; jit_trap
    000db  jmp 00000000000000E0h
; unwind to the entry from the interpreter
    000e0  mov rsp,[r15+28h]
    000e7  ret
; external entry (from the interpreter)
    000e8  push rbp
    000e9  mov rbp,rsp
    000ec  push rbx
    000ed  push r12
    000ef  push r13
    000f1  push r14
    000f3  push r15
    000f5  mov r12,rdi
    000f8  mov r15,ADDR
    00102  push qword ptr [r15+28h]
    00109  mov r14,ADDR
    00113  mov r13,[r15+10h]
    0011a  sub r13,[r15]
    00121  lea rax,[16Dh]
    00128  push rax
    00129  mov [r15+28h],rsp
    00130  sub rsp,8
    00134  mov rdx,rsi
    00137  sub rsp,10h
    0013e  mov rsi,[rdx]
    00145  mov rdi,[rdx+8]
    0014c  call 8
    00151  xor edx,edx
    00153  lea rsp,[rbp-30h]
    0015a  pop rcx
    0015b  mov [r15+28h],rcx
    00162  pop r15
    00164  pop r14
    00166  pop r13
    00168  pop r12
    0016a  pop rbx
    0016b  pop rbp
    0016c  ret
    0016d  lea rbp,[rsp+30h]
    00175  mov edx,1
    0017a  lea rsp,[rbp-30h]
    00181  pop rcx
    00182  mov [r15+28h],rcx
    00189  pop r15
    0018b  pop r14
    0018d  pop r13
    0018f  pop r12
    00191  pop rbx
    00192  pop rbp
    00193  ret

