function main (asm, 228 bytes)
    00000  jmp 000000000000003Bh
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
    0003a  ret
; external entry (from the interpreter)
    0003b  push rbp
    0003c  mov rbp,rsp
    0003f  push rbx
    00040  push r12
    00042  push r13
    00044  push r14
    00046  push r15
    00048  mov r15,ADDR
    00052  mov [r15+30h],rdi
    00059  push qword ptr [r15+28h]
    00060  mov r14,8
    0006a  mov r13,[r15+10h]
    00071  sub r13,[r15]
    00078  lea rax,[0BDh]
    0007f  push rax
    00080  mov [r15+28h],rsp
    00087  sub rsp,8
    0008b  mov rdx,rsi
    0008e  sub rsp,10h
    00095  mov rsi,[rdx]
    0009c  call 8
    000a1  xor edx,edx
    000a3  lea rsp,[rbp-30h]
    000aa  pop rcx
    000ab  mov [r15+28h],rcx
    000b2  pop r15
    000b4  pop r14
    000b6  pop r13
    000b8  pop r12
    000ba  pop rbx
    000bb  pop rbp
    000bc  ret
    000bd  lea rbp,[rsp+30h]
    000c5  mov edx,1
    000ca  lea rsp,[rbp-30h]
    000d1  pop rcx
    000d2  mov [r15+28h],rcx
    000d9  pop r15
    000db  pop r14
    000dd  pop r13
    000df  pop r12
    000e1  pop rbx
    000e2  pop rbp
    000e3  ret

