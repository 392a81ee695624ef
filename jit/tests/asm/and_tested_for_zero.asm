function main (asm, 227 bytes)
    00000  jmp 000000000000003Eh
    00005  nop
    00006  nop
    00007  nop
; internal entry (compiled callers)
    00008  push rbp
    00009  mov rbp,rsp
    0000c  sub rsp,0
; line 4: and
    00013  test rsi,1
    0001a  jne 000000000000002Bh
; line 6: ret
    00020  mov eax,0
    00026  mov rsp,rbp
    00029  pop rbp
    0002a  ret
; line 8: ret
    0002b  mov eax,1
    00031  mov rsp,rbp
    00034  pop rbp
    00035  ret
; unwind to the entry from the interpreter
    00036  mov rsp,[r15+28h]
    0003d  ret
; external entry (from the interpreter)
    0003e  push rbp
    0003f  mov rbp,rsp
    00042  push rbx
    00043  push r12
    00045  push r13
    00047  push r14
    00049  push r15
    0004b  mov r12,rdi
    0004e  mov r15,ADDR
    00058  push qword ptr [r15+28h]
    0005f  mov r14,8
    00069  mov r13,[r15+10h]
    00070  sub r13,[r15]
    00077  lea rax,[0BCh]
    0007e  push rax
    0007f  mov [r15+28h],rsp
    00086  sub rsp,8
    0008a  mov rdx,rsi
    0008d  sub rsp,10h
    00094  mov rsi,[rdx]
    0009b  call 8
    000a0  xor edx,edx
    000a2  lea rsp,[rbp-30h]
    000a9  pop rcx
    000aa  mov [r15+28h],rcx
    000b1  pop r15
    000b3  pop r14
    000b5  pop r13
    000b7  pop r12
    000b9  pop rbx
    000ba  pop rbp
    000bb  ret
    000bc  lea rbp,[rsp+30h]
    000c4  mov edx,1
    000c9  lea rsp,[rbp-30h]
    000d0  pop rcx
    000d1  mov [r15+28h],rcx
    000d8  pop r15
    000da  pop r14
    000dc  pop r13
    000de  pop r12
    000e0  pop rbx
    000e1  pop rbp
    000e2  ret

