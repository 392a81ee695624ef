function main (asm, 394 bytes)
    00000  jmp 00000000000000DAh
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
    0001c  cmp rsi,7
    00023  jae 000000000000007Eh
; line 8: fsub
    00029  subsd xmm2,[r14+rsi*8]
; line 9: load
    0002f  mov rsi,[r14+rsi*8+8]
; line 10: and
    00037  test rdi,rsi
    0003a  jne 0000000000000073h
; line 12: fprint
    00040  movq rax,xmm2
    00045  mov rsi,rax
    00048  mov ecx,6
    0004d  mov edx,3
    00052  mov rdi,[r15+30h]
    00056  mov rax,ADDR
    00060  push r10
    00062  push r11
    00064  call rax  ; jit_fprint
    00066  pop r11
    00068  pop r10
    0006a  test rdx,rdx
    0006d  jne 00000000000000D5h
; line 14: ret
    00073  mov eax,0
    00079  mov rsp,rbp
    0007c  pop rbp
    0007d  ret
; a group's span out of bounds: find the member
    0007e  lea rcx,[rsi]
    00086  cmp rcx,8
    0008d  jae 00000000000000C7h
    00093  lea rcx,[rsi+1]
    0009b  cmp rcx,8
    000a2  jae 00000000000000CEh
    000a8  jmp 00000000000000CEh
; traps: memory access out of bounds through jit_trap
    000ad  mov rdi,[r15+30h]
    000b1  mov esi,1
    000b6  mov rax,ADDR
    000c0  call rax  ; jit_trap
    000c2  jmp 00000000000000D5h
; trap: memory access out of bounds at line 7
    000c7  mov edx,1
    000cc  jmp 00000000000000ADh
; trap: memory access out of bounds at line 9
    000ce  mov edx,3
    000d3  jmp 00000000000000ADh
; unwind to the entry from the interpreter
    000d5  mov rsp,[r15+28h]
    000d9  ret
; external entry (from the interpreter)
    000da  push rbp
    000db  mov rbp,rsp
    000de  push rbx
    000df  push r12
    000e1  push r13
    000e3  push r14
    000e5  push r15
    000e7  mov r15,ADDR
    000f1  mov [r15+30h],rdi
    000f8  push qword ptr [r15+28h]
    000ff  mov r14,ADDR
    00109  mov r13,[r15+10h]
    00110  sub r13,[r15]
    00117  lea rax,[163h]
    0011e  push rax
    0011f  mov [r15+28h],rsp
    00126  sub rsp,8
    0012a  mov rdx,rsi
    0012d  sub rsp,10h
    00134  mov rsi,[rdx]
    0013b  mov rdi,[rdx+8]
    00142  call 8
    00147  xor edx,edx
    00149  lea rsp,[rbp-30h]
    00150  pop rcx
    00151  mov [r15+28h],rcx
    00158  pop r15
    0015a  pop r14
    0015c  pop r13
    0015e  pop r12
    00160  pop rbx
    00161  pop rbp
    00162  ret
    00163  lea rbp,[rsp+30h]
    0016b  mov edx,1
    00170  lea rsp,[rbp-30h]
    00177  pop rcx
    00178  mov [r15+28h],rcx
    0017f  pop r15
    00181  pop r14
    00183  pop r13
    00185  pop r12
    00187  pop rbx
    00188  pop rbp
    00189  ret

