function main (asm, 416 bytes)
    00000  jmp 00000000000000F0h
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
    0006d  jne 00000000000000EBh
; line 14: ret
    00073  mov eax,0
    00079  mov rsp,rbp
    0007c  pop rbp
    0007d  ret
; a group's span out of bounds: find the member
    0007e  lea rcx,[rsi]
    00086  cmp rcx,8
    0008d  jae 00000000000000ADh
    00093  lea rcx,[rsi+1]
    0009b  cmp rcx,8
    000a2  jae 00000000000000CCh
    000a8  jmp 00000000000000CCh
; trap: memory access out of bounds at line 7
    000ad  mov rdi,[r15+30h]
    000b1  mov esi,1
    000b6  mov edx,1
    000bb  mov rax,ADDR
    000c5  call rax  ; jit_trap
    000c7  jmp 00000000000000EBh
; trap: memory access out of bounds at line 9
    000cc  mov rdi,[r15+30h]
    000d0  mov esi,1
    000d5  mov edx,3
    000da  mov rax,ADDR
    000e4  call rax  ; jit_trap
    000e6  jmp 00000000000000EBh
; unwind to the entry from the interpreter
    000eb  mov rsp,[r15+28h]
    000ef  ret
; external entry (from the interpreter)
    000f0  push rbp
    000f1  mov rbp,rsp
    000f4  push rbx
    000f5  push r12
    000f7  push r13
    000f9  push r14
    000fb  push r15
    000fd  mov r15,ADDR
    00107  mov [r15+30h],rdi
    0010e  push qword ptr [r15+28h]
    00115  mov r14,ADDR
    0011f  mov r13,[r15+10h]
    00126  sub r13,[r15]
    0012d  lea rax,[179h]
    00134  push rax
    00135  mov [r15+28h],rsp
    0013c  sub rsp,8
    00140  mov rdx,rsi
    00143  sub rsp,10h
    0014a  mov rsi,[rdx]
    00151  mov rdi,[rdx+8]
    00158  call 8
    0015d  xor edx,edx
    0015f  lea rsp,[rbp-30h]
    00166  pop rcx
    00167  mov [r15+28h],rcx
    0016e  pop r15
    00170  pop r14
    00172  pop r13
    00174  pop r12
    00176  pop rbx
    00177  pop rbp
    00178  ret
    00179  lea rbp,[rsp+30h]
    00181  mov edx,1
    00186  lea rsp,[rbp-30h]
    0018d  pop rcx
    0018e  mov [r15+28h],rcx
    00195  pop r15
    00197  pop r14
    00199  pop r13
    0019b  pop r12
    0019d  pop rbx
    0019e  pop rbp
    0019f  ret

