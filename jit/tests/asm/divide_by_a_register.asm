function main (asm, 277 bytes)
    00000  jmp 0000000000000065h
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 5: div
    00013  mov rax,rsi
    00016  mov rcx,rdi
    00019  test rcx,rcx
    0001c  je 0000000000000047h
    00022  cmp rcx,0FFFFFFFFFFFFFFFFh
    00029  jne 0000000000000037h
    0002f  neg rax
    00032  jmp 000000000000003Ch
    00037  cqo
    00039  idiv rcx
    0003c  mov rsi,rax
; line 6: ret
    0003f  mov rax,rsi
    00042  mov rsp,rbp
    00045  pop rbp
    00046  ret
; trap: division by zero at line 5
    00047  xor edx,edx
    00049  mov rdi,[r15+30h]
    0004d  xor esi,esi
    0004f  mov rax,ADDR
    00059  call rax  ; jit_trap
    0005b  jmp 0000000000000060h
; unwind to the entry from the interpreter
    00060  mov rsp,[r15+28h]
    00064  ret
; external entry (from the interpreter)
    00065  push rbp
    00066  mov rbp,rsp
    00069  push rbx
    0006a  push r12
    0006c  push r13
    0006e  push r14
    00070  push r15
    00072  mov r15,ADDR
    0007c  mov [r15+30h],rdi
    00083  push qword ptr [r15+28h]
    0008a  mov r14,8
    00094  mov r13,[r15+10h]
    0009b  sub r13,[r15]
    000a2  lea rax,[0EEh]
    000a9  push rax
    000aa  mov [r15+28h],rsp
    000b1  sub rsp,8
    000b5  mov rdx,rsi
    000b8  sub rsp,10h
    000bf  mov rsi,[rdx]
    000c6  mov rdi,[rdx+8]
    000cd  call 8
    000d2  xor edx,edx
    000d4  lea rsp,[rbp-30h]
    000db  pop rcx
    000dc  mov [r15+28h],rcx
    000e3  pop r15
    000e5  pop r14
    000e7  pop r13
    000e9  pop r12
    000eb  pop rbx
    000ec  pop rbp
    000ed  ret
    000ee  lea rbp,[rsp+30h]
    000f6  mov edx,1
    000fb  lea rsp,[rbp-30h]
    00102  pop rcx
    00103  mov [r15+28h],rcx
    0010a  pop r15
    0010c  pop r14
    0010e  pop r13
    00110  pop r12
    00112  pop rbx
    00113  pop rbp
    00114  ret

